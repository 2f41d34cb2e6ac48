import { render } from 'preact';
import { initI18n } from '../shared/i18n';
import '../shared/styles.css';
import './wallet.css';
import { App } from './App';
import { messages } from './messages';

initI18n(messages);
render(<App />, document.getElementById('wallet')!);
