import { StrokeIcon } from './stroke-icon';

/** A bank's front, for links about banks (the Open Finance portal). */
export function BankIcon({ size }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M3 21h18" />
      <path d="M5 21v-9M9.5 21v-9M14.5 21v-9M19 21v-9" />
      <path d="M12 3 3 9h18z" />
    </StrokeIcon>
  );
}
