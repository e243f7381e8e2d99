/** A query refused for a missing index is explained as production explains it, with the index to declare. */
import { describe, expect, it } from 'vitest';
import { createIndexLink, indexOfRefusal, productionMessage } from './missing-index';

const DETAIL =
  'The query requires an index. Add it to "indexes" in firestore.indexes.json (and deploy it): ' +
  '{"collectionGroup":"orders","queryScope":"COLLECTION","fields":[{"fieldPath":"status","order":"ASCENDING"},' +
  '{"fieldPath":"created_at","order":"DESCENDING"},{"fieldPath":"__name__","order":"DESCENDING"}]}';

describe('a query that needs an index', () => {
  it("reads the index from the emulator's reason, and nothing from other refusals", () => {
    expect(indexOfRefusal(DETAIL)).toEqual({
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
        { fieldPath: '__name__', order: 'DESCENDING' },
      ],
    });
    expect(indexOfRefusal('Missing or insufficient permissions.')).toBeNull();
    expect(indexOfRefusal(null)).toBeNull();
    expect(indexOfRefusal('The query requires an index. {broken')).toBeNull();
  });

  it("links to the Firebase console's index creation the way production's message does", () => {
    const link = createIndexLink('demo-project', indexOfRefusal(DETAIL)!);
    expect(link).toMatch(
      /^https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-project\/firestore\/indexes\?create_composite=[A-Za-z0-9+/]+$/,
    );
    const bytes = Buffer.from(link.split('create_composite=')[1]!, 'base64');
    const name = 'projects/demo-project/databases/(default)/collectionGroups/orders/indexes/_';
    // name (field 1), query scope COLLECTION (field 2 = 1), then each field: path and order.
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x0a, name.length]));
    expect(bytes.subarray(2, 2 + name.length).toString()).toBe(name);
    const rest = bytes.subarray(2 + name.length);
    expect([...rest.subarray(0, 2)]).toEqual([0x10, 0x01]);
    expect(rest.subarray(2)).toEqual(
      Buffer.concat([
        Buffer.from([0x1a, 10, 0x0a, 6]),
        Buffer.from('status'),
        Buffer.from([0x10, 1]),
        Buffer.from([0x1a, 14, 0x0a, 10]),
        Buffer.from('created_at'),
        Buffer.from([0x10, 2]),
        Buffer.from([0x1a, 12, 0x0a, 8]),
        Buffer.from('__name__'),
        Buffer.from([0x10, 2]),
      ]),
    );
    expect(productionMessage('demo-project', indexOfRefusal(DETAIL)!)).toBe(
      `FAILED_PRECONDITION: The query requires an index. You can create it here: ${link}`,
    );
  });

  it('writes an array-contains field as its array config', () => {
    const link = createIndexLink('p', {
      collectionGroup: 'orders',
      fields: [{ fieldPath: 'search_terms', arrayConfig: 'CONTAINS' }],
    });
    const bytes = Buffer.from(link.split('create_composite=')[1]!, 'base64');
    expect(bytes.includes(Buffer.concat([Buffer.from('search_terms'), Buffer.from([0x18, 1])]))).toBe(true);
  });
});
