import { Button, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { sharedTexts } from '../../lib/texts';
import { editorTexts } from './texts';
import { EDITABLE_TYPES, editText, parseValue, typeOf, type EditableType, type FsValue } from './values';

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
  const [text, setText] = useState(initial ? editText(initial) : '');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setError(null);
    if (withName && name.trim() === '') return setError(say.needsName);
    const parsed = parseValue(type, text, documentsRoot);
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
