/** `%text%` for `ilike`, with the pattern's own characters (`\`, `%`, `_`) escaped: a search is plain text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
