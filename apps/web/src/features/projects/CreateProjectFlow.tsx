import { CreateBusinessDialog, CreateProjectDialog, type BusinessRef } from '../create-business';

export type CreateStep = { kind: 'project'; business: BusinessRef | null } | { kind: 'business' } | null;

type Props = { step: CreateStep; onStep: (step: CreateStep) => void };

/**
 * Create project, or first "Create Your Business Here": when the business is created its dialog
 * closes and the create-project dialog opens for that business. The lists refetch after a create.
 */
export const CreateProjectFlow = ({ step, onStep }: Props) => (
  <>
    <CreateProjectDialog
      open={step?.kind === 'project'}
      business={step?.kind === 'project' ? step.business : null}
      onClose={() => onStep(null)}
    />
    <CreateBusinessDialog
      open={step?.kind === 'business'}
      onClose={() => onStep(null)}
      onCreated={(business) =>
        onStep({ kind: 'project', business: { id: business.id, display_name: business.display_name } })
      }
    />
  </>
);
