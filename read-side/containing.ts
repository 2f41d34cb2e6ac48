/**
 * The `ILIKE` pattern of a list's search box: the text typed, anywhere in the value, with LIKE's own
 * wildcards (`%`, `_`) and its escape character taken as the characters they are. Unescaped, a search
 * for `50%` matched every name with a 50 in it, and one for `_` matched every name.
 */
export const containing = (typed: string) => `%${typed.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
