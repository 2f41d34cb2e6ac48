import { containing } from '../../read-side/containing';

/** Every list's search box (users, organizations, address book, Instant Payments clients and banks). */
describe('a search box matches the text typed anywhere in the value', () => {
  it('wraps the text in wildcards', () => {
    expect(containing('silva')).toBe('%silva%');
  });

  it("escapes LIKE's wildcards and its escape character, so each matches itself", () => {
    expect(containing('50%')).toBe('%50\\%%');
    expect(containing('a_b')).toBe('%a\\_b%');
    expect(containing('back\\slash')).toBe('%back\\\\slash%');
  });
});
