'use client';

import type { InputHTMLAttributes, Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { controlClass } from '@/components/ui/field';

/**
 * Masks of spec §2/§5. `0` is a digit; the country code is escaped (`\\0`) so the 0 of 90 stays a
 * literal: with `+{90}` the first typed digit would land in it ('532…' becoming '+95 (32…').
 */
export const inputMasks = {
  phone: '+{9\\0} (000) 000 00 00',
  nationalityNumber: '00000000000',
  code: '000000',
  birthDate: '00/00/0000',
} as const;

export type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'maxLength'> & {
  mask: string;
  value: string;
  /** The masked text as typed, the form the schemas and the upstream expect. */
  onValueChange: (value: string) => void;
  /** For react-hook-form's `field.ref`, so a failed check can focus the field. */
  inputRef?: Ref<HTMLInputElement>;
};

/** A text input shaped by a react-imask mask while typing. */
export function MaskedInput({ mask, value, onValueChange, inputRef, className, ...props }: MaskedInputProps) {
  return (
    <IMaskInput
      {...props}
      mask={mask}
      lazy
      value={value}
      inputRef={inputRef}
      className={[controlClass, className].filter(Boolean).join(' ')}
      onAccept={(accepted: string) => onValueChange(accepted)}
    />
  );
}
