/** `%`, `_` and `\` as themselves in a LIKE pattern (PostgreSQL's default escape character is `\`). */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
