type Props = { open: boolean; onClose: () => void };

/** The create-project dialog and the "Create Your Business Here" path (mounted from features/create-business). */
export const CreateProjectFlow = ({ open }: Props) => (open ? null : null);
