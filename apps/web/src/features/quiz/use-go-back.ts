import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * Cancel goes back to the previous screen of this visit; when the form was the first screen (a
 * link opened in a new tab), going back would leave the portal, so the quiz list.
 */
export function useGoBack() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => void (key === 'default' ? navigate(paths.quizList) : navigate(-1)), [key, navigate]);
}
