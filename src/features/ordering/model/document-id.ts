const MAX_DOCUMENT_ID_BYTES = 1500;
const utf8 = new TextEncoder();

/**
 * Whether Firestore would accept this string as a document id: at most 1,500 bytes of UTF-8 (not characters:
 * a Bengali letter takes 3 bytes), no '/', not '.' or '..', and not reserved as `__…__`. Anything else makes
 * the database answer with an error, which a caller must hear as bad input, not as a server fault.
 */
export function isFirestoreDocumentId(id: string): boolean {
  if (id === '' || id === '.' || id === '..' || id.includes('/')) return false;
  if (/^__.*__$/s.test(id)) return false;
  return utf8.encode(id).length <= MAX_DOCUMENT_ID_BYTES;
}
