// POST /api/feedback: the fetcher and the hook holding its sending state and field errors.
import { useCallback, useState } from 'react';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { ApiData, FeedbackInput } from '@/lib/api/types';

export function submitFeedback(payload: FeedbackInput): Promise<ApiData<'/api/feedback', 'post'>> {
  return apiRequest('POST', '/api/feedback', payload);
}

type Status = 'idle' | 'sending' | 'sent' | 'failed';

export function useSubmitFeedback() {
  const [status, setStatus] = useState<Status>('idle');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(async (payload: FeedbackInput): Promise<boolean> => {
    setStatus('sending');
    setFieldErrors({});
    setError(null);
    try {
      await submitFeedback(payload);
      setStatus('sent');
      return true;
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      setFieldErrors(apiError?.fields ?? {});
      setError(apiError && Object.keys(apiError.fields).length === 0 ? apiError.message : null);
      setStatus('failed');
      return false;
    }
  }, []);

  return { submit, status, fieldErrors, error };
}
