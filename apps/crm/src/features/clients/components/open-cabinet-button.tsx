import { useState } from 'react';
import { Button, ErrorText } from '@/components/ui';
import { errorText } from '@/lib/error-text';
import { useOperatorLink } from '../api/clients';

/**
 * «Открыть кабинет клиента» (part 6): the tab opens at the click (a tab opened after an await is
 * blocked as a popup), without a way back to the console (opener cut), then goes to the link.
 */
export function OpenCabinetButton({ clientId }: { clientId: number }) {
  const link = useOperatorLink(clientId);
  const [failure, setFailure] = useState<string | null>(null);

  const open = () => {
    setFailure(null);
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    link.mutate(undefined, {
      onSuccess: ({ data }) => {
        if (tab) tab.location.href = data.url;
        else window.open(data.url, '_blank', 'noopener');
      },
      onError: (error) => {
        tab?.close();
        setFailure(errorText(error));
      },
    });
  };

  return (
    <div className="open-cabinet">
      <Button onClick={open} loading={link.isPending}>
        Открыть кабинет клиента
      </Button>
      <ErrorText>{failure}</ErrorText>
    </div>
  );
}
