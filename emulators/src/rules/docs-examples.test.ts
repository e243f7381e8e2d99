/**
 * Written afresh after the patterns in Firebase's documentation ("Writing conditions", "Data validation",
 * "Securely query data", "Role-based access"), with the answers the documentation gives.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { type FirestoreRequestInit, firestoreRequest, signedIn } from '../testing/rules-requests.js';

describe('authentication conditions', () => {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    // Any signed-in user may read and write cities.
    match /cities/{city} {
      allow read, write: if request.auth != null;
    }
    // Only the owner may read or write their own profile.
    match /users/{userId} {
      allow read, update, delete: if request.auth != null && request.auth.uid == userId;
      allow create: if request.auth != null;
    }
  }
}`,
    'auth.rules',
  );
  const data = new InMemoryFirestore();

  it('denies signed-out users and allows signed-in ones', () => {
    expect(rules.evaluate(firestoreRequest('cities/LA'), data).allowed).toBe(false);
    expect(rules.evaluate(firestoreRequest('cities/LA', { auth: signedIn('alice') }), data).allowed).toBe(
      true,
    );
  });

  it('lets a user read only their own document', () => {
    expect(rules.evaluate(firestoreRequest('users/alice', { auth: signedIn('alice') }), data).allowed).toBe(
      true,
    );
    expect(rules.evaluate(firestoreRequest('users/alice', { auth: signedIn('bob') }), data).allowed).toBe(
      false,
    );
    expect(rules.evaluate(firestoreRequest('users/alice'), data).allowed).toBe(false);
  });

  it('reads token claims such as email_verified and the sign-in provider', () => {
    const claims = compileRules(
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /verified/{doc} {
      allow read: if request.auth.token.email_verified == true
        && request.auth.token.email.matches('.*@example[.]com')
        && request.auth.token.firebase.sign_in_provider == 'password';
    }
    match /staff/{doc} {
      allow read: if request.auth.token.staff == true;
    }
  }
}`,
      'claims.rules',
    );
    expect(claims.evaluate(firestoreRequest('verified/a', { auth: signedIn('alice') }), data).allowed).toBe(
      true,
    );
    const unverified = signedIn('bob', { email_verified: false });
    expect(claims.evaluate(firestoreRequest('verified/a', { auth: unverified }), data).allowed).toBe(false);
    expect(
      claims.evaluate(firestoreRequest('staff/a', { auth: signedIn('carol', { staff: true }) }), data)
        .allowed,
    ).toBe(true);
    expect(claims.evaluate(firestoreRequest('staff/a', { auth: signedIn('dave') }), data).allowed).toBe(
      false,
    );
  });
});

describe('data validation', () => {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /cities/{city} {
      // Reads only of cities that are visible; writes must keep the documented shape.
      allow read: if resource.data.visibility == 'public';
      allow create: if request.resource.data.keys().hasAll(['name', 'population'])
        && request.resource.data.name is string
        && request.resource.data.name.size() < 50
        && request.resource.data.population is int
        && request.resource.data.population >= 0;
      // Updates may not change the name.
      allow update: if request.resource.data.name == resource.data.name;
    }
  }
}`,
    'validation.rules',
  );
  const data = new InMemoryFirestore();
  const create = (requestData: FirestoreRequestInit['requestData']) =>
    rules.evaluate(firestoreRequest('cities/SF', { method: 'create', requestData }), data).allowed;

  it('reads only documents whose data allows it', () => {
    expect(
      rules.evaluate(firestoreRequest('cities/SF', { resource: { visibility: 'public' } }), data).allowed,
    ).toBe(true);
    expect(
      rules.evaluate(firestoreRequest('cities/SF', { resource: { visibility: 'private' } }), data).allowed,
    ).toBe(false);
  });

  it('requires the fields, their types and a name shorter than 50 characters', () => {
    expect(create({ name: 'San Francisco', population: 870_000 })).toBe(true);
    expect(create({ name: 'San Francisco' })).toBe(false);
    expect(create({ name: 42, population: 1 })).toBe(false);
    expect(create({ name: 'x'.repeat(50), population: 1 })).toBe(false);
    expect(create({ name: 'x'.repeat(49), population: 1 })).toBe(true);
    expect(create({ name: 'Tiny', population: 1.5 })).toBe(false);
  });

  it('compares the new data with the stored data on update', () => {
    const update = (name: string) =>
      rules.evaluate(
        firestoreRequest('cities/SF', {
          method: 'update',
          resource: { name: 'San Francisco', population: 1 },
          requestData: { name, population: 2 },
        }),
        data,
      ).allowed;
    expect(update('San Francisco')).toBe(true);
    expect(update('SF')).toBe(false);
  });
});

describe('role-based access', () => {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    // Stories carry a roles map {uid: role}; users/{uid} holds a site-wide role.
    match /stories/{story} {
      function isSignedIn() { return request.auth != null; }
      function getRole(rsc) { return rsc.data.roles[request.auth.uid]; }
      function isOneOfRoles(rsc, array) { return isSignedIn() && (getRole(rsc) in array); }

      allow read: if isOneOfRoles(resource, ['owner', 'writer', 'commenter', 'reader']);
      allow update: if isOneOfRoles(resource, ['owner', 'writer'])
        && request.resource.data.roles == resource.data.roles;
      allow delete: if isOneOfRoles(resource, ['owner']);
    }
    match /reports/{report} {
      allow read: if get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role in ['admin', 'auditor'];
    }
  }
}`,
    'roles.rules',
  );
  const story = { title: 'Mango season', roles: { alice: 'owner', bob: 'writer', carol: 'reader' } };
  const data = new InMemoryFirestore()
    .set('users/dina', { role: 'auditor' })
    .set('users/eve', { role: 'customer' });

  it('lets each role do what the roles map grants', () => {
    const as = (uid: string, method: 'get' | 'update' | 'delete') =>
      rules.evaluate(
        firestoreRequest('stories/s1', {
          method,
          auth: signedIn(uid),
          resource: story,
          requestData: method === 'update' ? { ...story, title: 'Lime season' } : null,
        }),
        data,
      ).allowed;
    expect([as('alice', 'get'), as('alice', 'update'), as('alice', 'delete')]).toEqual([true, true, true]);
    expect([as('bob', 'get'), as('bob', 'update'), as('bob', 'delete')]).toEqual([true, true, false]);
    expect([as('carol', 'get'), as('carol', 'update'), as('carol', 'delete')]).toEqual([true, false, false]);
    expect([as('mallory', 'get'), as('mallory', 'update')]).toEqual([false, false]);
  });

  it('stops a writer from changing the roles', () => {
    const escalate = firestoreRequest('stories/s1', {
      method: 'update',
      auth: signedIn('bob'),
      resource: story,
      requestData: { ...story, roles: { ...story.roles, bob: 'owner' } },
    });
    expect(rules.evaluate(escalate, data).allowed).toBe(false);
  });

  it('looks the role up in the users collection with get()', () => {
    expect(rules.evaluate(firestoreRequest('reports/r1', { auth: signedIn('dina') }), data).allowed).toBe(
      true,
    );
    expect(rules.evaluate(firestoreRequest('reports/r1', { auth: signedIn('eve') }), data).allowed).toBe(
      false,
    );
    expect(rules.evaluate(firestoreRequest('reports/r1', { auth: signedIn('nobody') }), data).allowed).toBe(
      false,
    );
  });
});
