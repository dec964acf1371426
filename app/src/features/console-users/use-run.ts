// Runs a console action and says how it went: a toast with `done` on success, else the server's
// refusal in its own words (a 409 `last_admin`, say); answers the failure (null on success) so a
// form can show the fields the server named.
import { useToast } from '@/components/toast/use-toast';
import { useExplainFailure } from '@/lib/form-errors';

export function useRun() {
  const { toast } = useToast();
  const explain = useExplainFailure();
  return async (action: () => Promise<unknown>, done: string): Promise<{ failure: unknown } | null> => {
    try {
      await action();
      toast({ color: 'success', icon: 'success', title: done });
      return null;
    } catch (failure) {
      const message = explain(failure);
      if (message) toast({ color: 'error', icon: 'error', title: message });
      return { failure };
    }
  };
}
