/**
 * Writes ./firestore-v1.ts: the TypeScript types of every message the Firestore service's methods take and
 * return, in their proto3 JSON form (what REST carries and what the engine speaks), read by protobufjs
 * reflection from the very protos the server loads (../transports/protos.ts), so the types cannot drift from
 * the wire. Run `npm run generate:proto-types -w emulators` after changing the protos; a test fails while the
 * checked-in file differs from what this produces.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import protobuf from 'protobufjs';
import { firestoreService } from '../transports/protos.js';

export const GENERATED_FILE = fileURLToPath(new URL('./firestore-v1.ts', import.meta.url));

/**
 * Messages whose one oneof holds every field and must be set: generated as a union of one-key objects, so
 * code narrows them by key (`'integerValue' in value`). Production refuses a Value with no kind set.
 */
const EXACTLY_ONE = new Set(['google.firestore.v1.Value']);

/** The proto3 JSON form of the well-known types: not objects of their fields but strings, numbers, any JSON. */
const WELL_KNOWN: Record<string, string> = {
  'google.protobuf.Timestamp': 'string',
  'google.protobuf.Duration': 'string',
  'google.protobuf.FieldMask': 'string',
  'google.protobuf.Empty': 'Record<string, never>',
  'google.protobuf.Struct': 'Record<string, unknown>',
  'google.protobuf.Value': 'unknown',
  'google.protobuf.ListValue': 'unknown[]',
  'google.protobuf.Any': '{ "@type": string; [field: string]: unknown }',
  'google.protobuf.Int32Value': 'number',
  'google.protobuf.UInt32Value': 'number',
  'google.protobuf.Int64Value': 'string | number',
  'google.protobuf.UInt64Value': 'string | number',
  'google.protobuf.DoubleValue': 'number | string',
  'google.protobuf.FloatValue': 'number | string',
  'google.protobuf.BoolValue': 'boolean',
  'google.protobuf.StringValue': 'string',
  'google.protobuf.BytesValue': 'string',
  'google.protobuf.NullValue': "null | 'NULL_VALUE'",
};

/** Scalars as proto3 JSON writes them: 64-bit integers and bytes as strings, NaN and ±Infinity as strings. */
const SCALAR: Record<string, string> = {
  double: 'number | string',
  float: 'number | string',
  int32: 'number',
  uint32: 'number',
  sint32: 'number',
  fixed32: 'number',
  sfixed32: 'number',
  int64: 'string | number',
  uint64: 'string | number',
  sint64: 'string | number',
  fixed64: 'string | number',
  sfixed64: 'string | number',
  bool: 'boolean',
  string: 'string',
  bytes: 'string',
};

const fullName = (type: protobuf.ReflectionObject) => type.fullName.slice(1);

/** google.firestore.v1.StructuredQuery.FieldFilter → StructuredQueryFieldFilter. */
function typeName(type: protobuf.Type | protobuf.Enum): string {
  const parts: string[] = [];
  let at: protobuf.ReflectionObject | null = type;
  while (at && (at instanceof protobuf.Type || at instanceof protobuf.Enum)) {
    parts.unshift(at.name);
    at = at.parent;
  }
  return parts.join('');
}

const jsonNameOf = (field: protobuf.Field): string =>
  (field.options?.json_name as string | undefined) ??
  field.name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Every message and enum reachable from the service's requests and responses, in a stable order. */
function reachableTypes(service: protobuf.Service): (protobuf.Type | protobuf.Enum)[] {
  const seen = new Map<string, protobuf.Type | protobuf.Enum>();
  const visit = (type: protobuf.Type | protobuf.Enum) => {
    const name = fullName(type);
    if (seen.has(name) || WELL_KNOWN[name]) return;
    seen.set(name, type);
    if (type instanceof protobuf.Type) {
      for (const field of type.fieldsArray) {
        field.resolve();
        if (field.resolvedType) visit(field.resolvedType);
      }
    }
  };
  for (const method of service.methodsArray) {
    method.resolve();
    visit(method.resolvedRequestType!);
    visit(method.resolvedResponseType!);
  }
  return [...seen.values()].sort((a, b) => typeName(a).localeCompare(typeName(b)));
}

function fieldType(field: protobuf.Field): string {
  field.resolve();
  const resolved = field.resolvedType;
  let base: string;
  if (resolved) base = WELL_KNOWN[fullName(resolved)] ?? typeName(resolved);
  else {
    base = SCALAR[field.type];
    if (!base) throw new Error(`No JSON type for ${field.fullName} (${field.type})`);
  }
  if (field.map) return `Record<string, ${base}>`;
  if (field.repeated) return base.includes(' ') ? `(${base})[]` : `${base}[]`;
  return base;
}

const comment = (text: string | null | undefined, indent: string): string[] =>
  text ? [`${indent}/** ${text.replace(/\s*\n\s*/g, ' ').replace(/\*\//g, '* /')} */`] : [];

function messageSource(type: protobuf.Type, names: Map<string, string>): string[] {
  const name = typeName(type);
  if (names.has(name))
    throw new Error(`Two messages are both named ${name}: ${names.get(name)}, ${type.fullName}`);
  names.set(name, type.fullName);
  const header = comment(`${fullName(type)}`, '');
  if (EXACTLY_ONE.has(fullName(type))) {
    const members = type.fieldsArray.map((field) => `  | { ${jsonNameOf(field)}: ${fieldType(field)} }`);
    return [
      ...header,
      `export type ${name} =`,
      ...members.map((m, i) => (i === members.length - 1 ? `${m};` : m)),
    ];
  }
  const fields = type.fieldsArray.map((field) => `  ${jsonNameOf(field)}?: ${fieldType(field)};`);
  if (fields.length === 0) return [...header, `export type ${name} = Record<string, never>;`];
  return [...header, `export interface ${name} {`, ...fields, '}'];
}

function enumSource(type: protobuf.Enum, names: Map<string, string>): string[] {
  const name = typeName(type);
  if (names.has(name))
    throw new Error(`Two types are both named ${name}: ${names.get(name)}, ${type.fullName}`);
  names.set(name, type.fullName);
  const values = Object.keys(type.values).map((v) => `'${v}'`);
  return [...comment(fullName(type), ''), `export type ${name} = ${values.join(' | ')};`];
}

/** Every method of the service: its name, request and response types, and which sides stream. */
function serviceSource(service: protobuf.Service): string[] {
  const lines = [
    `/** The methods of ${fullName(service)}: request and response type of each, and which side streams. */`,
    `export interface ${service.name}Methods {`,
  ];
  for (const method of service.methodsArray) {
    const request = typeName(method.resolvedRequestType!);
    const response =
      WELL_KNOWN[fullName(method.resolvedResponseType!)] ?? typeName(method.resolvedResponseType!);
    lines.push(
      `  ${method.name}: { request: ${request}; response: ${response}; requestStream: ${method.requestStream === true}; responseStream: ${method.responseStream === true} };`,
    );
  }
  lines.push('}');
  return lines;
}

/** The generated file's text, formatted as the repository's Prettier formats it (so `npm run lint` passes). */
export async function generateProtoTypes(service: protobuf.Service = firestoreService): Promise<string> {
  const names = new Map<string, string>();
  const blocks = reachableTypes(service).map((type) =>
    type instanceof protobuf.Type ? messageSource(type, names) : enumSource(type, names),
  );
  const text = [
    '/**',
    ` * GENERATED by emulators/src/firestore/proto-types/generate.ts from the protos the server loads`,
    ' * (transports/protos.ts): do not edit; regenerate with `npm run generate:proto-types -w emulators`.',
    ' * Each message in its proto3 JSON form; every field may be absent, as proto3 JSON omits default values.',
    ' */',
    '',
    ...blocks.flatMap((block) => [...block, '']),
    ...serviceSource(service),
    '',
  ].join('\n');
  const options = await prettier.resolveConfig(GENERATED_FILE);
  return prettier.format(text, { ...options, filepath: GENERATED_FILE });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(GENERATED_FILE, await generateProtoTypes());
  console.log(`wrote ${GENERATED_FILE}`);
}
