import type { HTMLAttributes } from 'react';
import styles from '@/components/ui/card.module.css';

export function Card({
  as: Tag = 'div',
  selected,
  className,
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li' | 'aside'; selected?: boolean }) {
  return <Tag className={[styles.card, selected && styles.selected, className].filter(Boolean).join(' ')} {...props} />;
}
