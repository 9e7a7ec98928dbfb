import { createNavigation } from 'next-intl/navigation';
import { type ComponentProps, createElement } from 'react';
import { routing } from '@/lib/i18n/routing';

const navigation = createNavigation(routing);

export const { redirect, usePathname, useRouter, getPathname } = navigation;

/**
 * next-intl's Link, with Next.js's prefetching off (`prefetch={false}`): every page here is dynamic,
 * so a link in view was prefetched as router requests that no cache may answer (their key would be
 * headers the visitor writes). A phone's view of `/` made four of them and a desktop's six, each a
 * render at an instance: about 250 a second through the edge against 30,000 cached pages
 * (docs/decisions/0005-no-link-prefetch.md). A click fetches the next page as it would after a stale prefetch.
 */
export function Link(props: ComponentProps<typeof navigation.Link>) {
  return createElement(navigation.Link, { prefetch: false, ...props });
}
