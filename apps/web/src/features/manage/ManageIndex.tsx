import { Navigate } from 'react-router';
import { useSession } from '../../app/session/session';

export const ManageIndex = () => {
  const { partner } = useSession();
  return <Navigate to={partner?.type === 'DIRECT' ? '/manage/agents' : '/manage/config'} replace />;
};
