import { useState, type ReactNode } from 'react';
import { openFile } from '@/lib/open-file';
import { Button, ErrorText } from './ui';

/** A file only the staff token opens (a PDF, a photo): a new tab at the click, or the reason. */
export function FileButton({ url, children }: { url: string; children: ReactNode }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setFailure(null);
    setOpening(true);
    setFailure(await openFile(url));
    setOpening(false);
  };
  return (
    <>
      <Button variant="link" onClick={() => void open()} loading={opening}>
        {children}
      </Button>
      <ErrorText>{failure}</ErrorText>
    </>
  );
}
