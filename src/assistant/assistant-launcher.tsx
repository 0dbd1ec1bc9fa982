import type { RefObject } from 'react';

export interface AssistantLauncherProps {
  buttonRef: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
}

/** The round button that opens the assistant's panel. */
export function AssistantLauncher({ buttonRef, onOpen }: AssistantLauncherProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="assistant-launcher"
      aria-label="Ouvrir l’assistant GéoSonde"
      aria-expanded="false"
      onClick={onOpen}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          fill="currentColor"
          d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
        />
      </svg>
      <span aria-hidden="true" className="assistant-launcher__sign">
        +
      </span>
    </button>
  );
}
