/**
 * Text as it must stand in HTML or XML, in an element or a quoted attribute: the five characters with a meaning
 * there escaped, so a name, an address or a path someone typed is read as text, never as markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
