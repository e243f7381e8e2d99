import { Link, type LinkProps } from '@chakra-ui/react';

/** A link to another site, opened beside the shop (a new tab) without giving that page a handle on the shop's. */
export function ExternalLink({ children, ...props }: LinkProps & { href: string }) {
  return (
    <Link target="_blank" rel="noopener noreferrer" color="brand.fg" {...props}>
      {children}
    </Link>
  );
}
