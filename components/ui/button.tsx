import type { ButtonHTMLAttributes } from 'react';
import styles from '@/components/ui/button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  block?: boolean;
  size?: 'md' | 'small';
}

/** Class names of a button, for links that look like buttons. */
export function buttonClass({ variant = 'primary', block, size = 'md' }: ButtonStyleOptions = {}, extra?: string) {
  return [styles.button, styles[variant], block && styles.block, size === 'small' && styles.small, extra]
    .filter(Boolean)
    .join(' ');
}

/**
 * Class names of a button that reads as a link: inside a sentence as it is, `action` for one that
 * acts in place (bold, and dimmed while disabled or aria-disabled), `tall` where it stands alone.
 */
export function linkClass({ action = false, tall = false }: { action?: boolean; tall?: boolean } = {}) {
  return [styles.link, action && styles.linkAction, tall && styles.linkTall].filter(Boolean).join(' ');
}

export function Button({
  variant,
  block,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyleOptions) {
  return <button type={type} className={buttonClass({ variant, block, size }, className)} {...props} />;
}
