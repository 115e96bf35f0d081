import { Navigate } from 'react-router';
import { useSession } from '../../session/session';

export const ManageIndex = () => {
  const { partner } = useSession();
  return <Navigate to={partner?.type === 'DIRECT' ? '/manage/agents' : '/manage/config'} replace />;
};
