import { StrokeIcon } from './stroke-icon';

/** A speech balloon, for the top bar's chats. */
export function ChatIcon({ size }: { size?: number }) {
  return (
    <StrokeIcon size={size}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12Z" />
    </StrokeIcon>
  );
}
