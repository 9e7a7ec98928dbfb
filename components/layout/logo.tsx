/** The brand mark: a signal arc over a line. Decorative; the link around it carries the name. */
export function Logo() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b4fa3" />
      <path d="M8 20a8 8 0 0 1 16 0" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M12.5 20a3.5 3.5 0 0 1 7 0" stroke="#ffb27a" strokeWidth="3" fill="none" strokeLinecap="round" />
      <rect x="7" y="23" width="18" height="3" rx="1.5" fill="#fff" />
    </svg>
  );
}
