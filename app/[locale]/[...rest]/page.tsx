import { notFound } from 'next/navigation';

// Any path that is not a page of ours renders the localized 404 with status 404.
export default function CatchAll() {
  notFound();
}
