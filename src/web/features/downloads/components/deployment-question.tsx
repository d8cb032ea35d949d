import { Button, Group } from '@mantine/core';
import { deploymentQuestion } from '../../../../common/downloads';
import { usePortalConfig } from '../../../lib/portal-config-context';

/** Stage 1 (spec section 2): where the edge is deployed. Yes goes to the files, No to the addresses. */
export function DeploymentQuestion({
  answer,
  onAnswer,
}: {
  answer: boolean | null;
  onAnswer: (inUnitedStates: boolean) => void;
}) {
  const config = usePortalConfig();
  return (
    <div role="group" aria-labelledby="deployment-question">
      <p id="deployment-question">{deploymentQuestion(config.product.name)}</p>
      <Group gap="sm">
        <Button onClick={() => onAnswer(true)} variant={answer === true ? 'filled' : 'outline'}>
          Yes
        </Button>
        <Button onClick={() => onAnswer(false)} variant={answer === false ? 'filled' : 'outline'}>
          No
        </Button>
      </Group>
    </div>
  );
}
