import { Badge, Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatMoment } from '../../lib/format';
import { Link as RouterLink } from 'react-router-dom';
import { documentPath, typeOf, type FsValue } from './values';

/** One typed value: timestamps in local time, references as links, maps and arrays expandable. */
export function ValueView({ value }: { value: FsValue }) {
  const [open, setOpen] = useState(false);
  const type = typeOf(value);
  let shown: React.ReactNode;
  if ('stringValue' in value) shown = <Text as="span">"{value.stringValue}"</Text>;
  else if ('integerValue' in value) shown = value.integerValue;
  else if ('doubleValue' in value) shown = String(value.doubleValue);
  else if ('booleanValue' in value) shown = String(value.booleanValue);
  else if ('nullValue' in value) shown = 'null';
  else if ('timestampValue' in value)
    shown = (
      <span title={value.timestampValue}>
        {formatMoment(value.timestampValue, 'D MMM YYYY, HH:mm:ss (Z)')}
      </span>
    );
  else if ('referenceValue' in value) {
    const path = documentPath(value.referenceValue);
    shown = (
      <Link asChild color="blue.600">
        <RouterLink to={`/firestore/${path}`}>/{path}</RouterLink>
      </Link>
    );
  } else if ('geoPointValue' in value)
    shown = `${value.geoPointValue.latitude}°, ${value.geoPointValue.longitude}°`;
  else if ('bytesValue' in value) shown = `${value.bytesValue.slice(0, 40)}…`;
  else {
    const entries: [string, FsValue][] =
      'mapValue' in value
        ? Object.entries(value.mapValue.fields ?? {})
        : (value.arrayValue.values ?? []).map((v, i) => [String(i), v]);
    return (
      <Box>
        <Button size="2xs" variant="ghost" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? '▾' : '▸'} {type} ({entries.length})
        </Button>
        {open && (
          <Box pl="4" borderLeftWidth="1px">
            {entries.map(([key, item]) => (
              <HStack key={key} align="start" gap="2">
                <Text fontFamily="mono" color="gray.600">
                  {key}:
                </Text>
                <ValueView value={item} />
              </HStack>
            ))}
          </Box>
        )}
      </Box>
    );
  }
  return (
    <HStack gap="2" align="baseline">
      <Box fontFamily="mono" wordBreak="break-word" minW="0">
        {shown}
      </Box>
      <Badge size="xs" variant="subtle">
        {type}
      </Badge>
    </HStack>
  );
}
