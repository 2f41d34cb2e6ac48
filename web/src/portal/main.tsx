import { render } from 'preact';
import { initI18n } from '../shared/i18n';
import '../shared/styles.css';
import { App } from './App';
import { messages } from './messages';
import { SessionProvider } from './session';

initI18n(messages);
render(
  <SessionProvider>
    <App />
  </SessionProvider>,
  document.getElementById('app')!,
);
