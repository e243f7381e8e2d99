import { isFirestoreDocumentId } from './document-id';

describe('a Firestore document id', () => {
  it.each(['mango', 'আমের-আচার', '_mango_', '__mango', 'mango__', '...', 'আ'.repeat(500), 'a'.repeat(1500)])(
    'accepts %s',
    (id) => expect(isFirestoreDocumentId(id)).toBe(true),
  );

  it.each([
    ['empty', ''],
    ['"."', '.'],
    ['".."', '..'],
    ['with a slash', 'products/mango'],
    ['reserved as __…__', '__mango__'],
    ['reserved even when it is only underscores', '____'],
    ['1,501 bytes of ASCII', 'a'.repeat(1501)],
    ['501 Bengali letters (1,503 bytes, though only 501 characters)', 'আ'.repeat(501)],
  ])('refuses one %s', (_case, id) => expect(isFirestoreDocumentId(id)).toBe(false));
});
