import { TextInput, type TextInputProps } from '@mantine/core';

interface MaskedTextInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value?: string;
  /** Called with the masked text, as Mantine forms accept a plain value. */
  onChange?: (value: string) => void;
  /** One of the domain's format* helpers (formatPhone, formatCpf, formatCnpj…). */
  format: (value: string) => string;
}

export function MaskedTextInput({ format, onChange, value, ...inputProperties }: MaskedTextInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      {...inputProperties}
      value={value ?? ''}
      onChange={(event) => onChange?.(format(event.currentTarget.value))}
    />
  );
}
