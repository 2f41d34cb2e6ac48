import { maskedName } from '../../read-side/payees';

describe('A payee’s name is shown masked: the first letters of each part, then asterisks', () => {
  it('keeps two letters of each part, accents included', () => {
    expect(maskedName('María López')).toBe('Ma*** Ló***');
    expect(maskedName('Ana')).toBe('An***');
  });

  it('tells nothing of a part’s length: the mask is always the same', () => {
    expect(maskedName('Bea')).toBe('Be***');
    expect(maskedName('Bernardino')).toBe('Be***');
  });

  it('never shows a two-letter part whole, and a one-letter part is only an initial', () => {
    expect(maskedName('Al Ba')).toBe('A*** B***');
    expect(maskedName('J Pérez')).toBe('J*** Pé***');
  });

  it('ignores extra spaces between, before and after the parts', () => {
    expect(maskedName('  José   de  la Cruz ')).toBe('Jo*** d*** l*** Cr***');
  });

  it('counts a letter written with a combining accent as one letter', () => {
    expect(maskedName('A\u0301lvaro Nu\u0303n\u0303ez')).toBe('Ál*** Nũ***');
  });
});
