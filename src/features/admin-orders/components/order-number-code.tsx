import { useMemo } from 'react';
import { encode } from 'uqr';

export interface OrderNumberCodeProps {
  value: string;
  label: string;
  /** Printed size of the square, a CSS length. */
  size: string;
}

/**
 * A QR code of the order number as an SVG path of its dark modules: crisp at any printer's resolution, and a
 * phone's camera (or the courier's scanner) reads it back into the number typed in the dashboard's search.
 * Medium error correction survives a crease or a smudge on a parcel; the quiet zone is the 4 modules the
 * standard asks for.
 */
export function OrderNumberCode({ value, label, size }: OrderNumberCodeProps) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: count };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ background: '#fff', flexShrink: 0 }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
