import { Icon, type IconProps } from '@chakra-ui/react';

// Inline line icons instead of an icon library: the storefront needs a handful and every KB counts; emoji
// would render as empty boxes on phones without an emoji font.
export type LineIconProps = Omit<IconProps, 'children'>;

/** A 24×24 stroked icon drawn with `paths`, sized and coloured through Chakra's Icon props. */
export function lineIcon(paths: React.ReactNode) {
  return function LineIcon(props: LineIconProps) {
    return (
      <Icon {...props} asChild>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {paths}
        </svg>
      </Icon>
    );
  };
}
