import { Button, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { booksClosedProblem, cacheKey, settingsApi } from '@bahi/shared';

/** The date the business's books are closed up to (null: open, and while it loads). */
export function useLockedUntil(): string | null {
  const { data } = useSWR(cacheKey('reports', 'lock-books'), () => settingsApi.lockBooks(), { revalidateOnFocus: false });
  return data?.lockedUntil ?? null;
}

/**
 * Why a sale invoice or purchase bill cannot be edited, as the API refuses it (null when it can): cancelled, an IRN,
 * notes against it, or its date in a closed period.
 */
export function editRefusal(d: { cancelled: boolean; irn?: string | null; notes: number; noteWord: string; date: string; lockedUntil: string | null }): string | null {
  if (d.cancelled) return 'A cancelled document cannot be edited';
  if (d.irn) return 'It has an IRN: cancel it and issue a credit note instead';
  if (d.notes > 0) return `It has ${d.noteWord} against it: cancel them first`;
  return booksClosedProblem(d.date, d.lockedUntil);
}

/** Edit: opens the document's form; disabled, with the reason on hover and focus, when it cannot be edited. */
export function EditDocumentButton({ refusal, onClick }: { refusal: string | null; onClick: () => void }) {
  const button = (
    <Button icon={<EditOutlined />} disabled={refusal !== null} onClick={onClick} aria-describedby={refusal ? 'edit-refusal' : undefined}>
      Edit
    </Button>
  );
  if (!refusal) return button;
  // A disabled button takes no hover: the tooltip sits on a wrapper that does, and the reason is read out too.
  return (
    <Tooltip title={<span id="edit-refusal">{refusal}</span>}>
      <span tabIndex={0} aria-label={`Edit: ${refusal}`} style={{ display: 'inline-block' }}>
        {button}
      </span>
    </Tooltip>
  );
}
