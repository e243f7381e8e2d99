import { Button, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { sharedTexts } from '../../lib/texts';
import { editorTexts } from './texts';
import { parseTypedValue, typedJsonText } from './typed-json';
import {
  EDITABLE_TYPES,
  editText,
  parseValue,
  typeOf,
  type EditableType,
  type FsValue,
  type Parsed,
} from './values';

/**
 * What the editor typed, as a value of `type`. Maps and arrays are typed JSON (./typed-json.ts), so a timestamp
 * or reference inside one stays what it is.
 */
function parseEdited(
  type: EditableType,
  text: string,
  documentsRoot: string,
  say: { notArray: string; notMap: string },
): Parsed {
  if (type !== 'map' && type !== 'array') return parseValue(type, text, documentsRoot);
  const parsed = parseTypedValue(text, documentsRoot);
  if ('error' in parsed) return parsed;
  const isArray = 'arrayValue' in parsed.value;
  if (type === 'array' ? !isArray : !('mapValue' in parsed.value))
    return { error: type === 'array' ? say.notArray : say.notMap };
  return parsed;
}

const startText = (value: FsValue) =>
  'mapValue' in value || 'arrayValue' in value ? typedJsonText(value) : editText(value);

interface Props {
  initial?: FsValue;
  documentsRoot: string;
  /** Shown for a new field: its name is typed too. */
  withName?: boolean;
  onSave: (value: FsValue, name: string) => Promise<void>;
  onCancel: () => void;
}

/** A type-aware editor: a value that does not fit its type is refused with a sentence, and nothing is saved. */
export function ValueEditor({ initial, documentsRoot, withName, onSave, onCancel }: Props) {
  const say = useTexts(editorTexts);
  const common = useTexts(sharedTexts).common;
  const initialType = initial ? typeOf(initial) : 'string';
  const [type, setType] = useState<EditableType>(
    (EDITABLE_TYPES as readonly string[]).includes(initialType) ? (initialType as EditableType) : 'string',
  );
  const [text, setText] = useState(initial ? startText(initial) : '');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setError(null);
    if (withName && name.trim() === '') return setError(say.needsName);
    const parsed = parseEdited(type, text, documentsRoot, say);
    if ('error' in parsed) return setError(parsed.error);
    setSaving(true);
    try {
      await onSave(parsed.value, name.trim());
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const multiline = type === 'map' || type === 'array';
  return (
    <Stack gap="2" p="2" bg="gray.50" rounded="md" data-testid="value-editor">
      <HStack gap="2">
        {withName && (
          <Input
            size="sm"
            placeholder={say.fieldName}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-label={say.fieldName}
          />
        )}
        <NativeSelect.Root size="sm" width="220px" flexShrink={0}>
          <NativeSelect.Field
            aria-label={say.type}
            value={type}
            onChange={(e) => setType(e.target.value as EditableType)}
          >
            {EDITABLE_TYPES.map((t) => (
              <option key={t} value={t}>
                {say.types[t]}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
        {!multiline && type !== 'null' && (
          <Input
            size="sm"
            aria-label={say.value}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void save()}
          />
        )}
      </HStack>
      {multiline && (
        <Textarea
          size="sm"
          fontFamily="mono"
          rows={5}
          aria-label={say.value}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      {multiline && (
        <Text fontSize="xs" color="gray.600">
          {say.typedJsonHint}
        </Text>
      )}
      <ErrorNote message={error} />
      <HStack gap="2">
        <Button size="xs" colorPalette="blue" onClick={() => void save()} loading={saving}>
          {common.save}
        </Button>
        <Button size="xs" variant="ghost" onClick={onCancel}>
          {common.cancel}
        </Button>
      </HStack>
    </Stack>
  );
}
