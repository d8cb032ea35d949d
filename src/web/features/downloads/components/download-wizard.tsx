import { Button, Group, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { destinationOf, EMPTY_ADDRESS, type AddressDraft } from '../lib/destination';
import { DeploymentQuestion } from './deployment-question';
import type { DownloadUser } from './download-access';
import classes from './downloads.module.css';

/**
 * The later stages load when the visitor reaches for the first (pointer or focus on it), not with the page:
 * the address form's country fields (a combobox and every country's names) and the image tables are most
 * of the wizard's code, and the first paint shows only the question.
 */
const loadAddressForm = () => import('./address-form');
const loadImageTables = () => import('./image-tables');
const AddressForm = lazy(async () => ({ default: (await loadAddressForm()).AddressForm }));
const ImageTables = lazy(async () => ({ default: (await loadImageTables()).ImageTables }));
const loadLaterStages = () => {
  void loadAddressForm();
  void loadImageTables();
};

const STAGES = ['Deployment country', 'Addresses', 'Downloads'] as const;
type Stage = 0 | 1 | 2;

/** The progress indicator: the three stages, the current one marked for assistive technology too. */
function Progress({ stage }: { stage: Stage }) {
  return (
    <ol className={classes.progress} aria-label="Progress">
      {STAGES.map((name, index) => (
        <li
          key={name}
          className={index === stage ? classes.current : index < stage ? classes.done : undefined}
          aria-current={index === stage ? 'step' : undefined}
        >
          {name}
          {index === 1 ? ' (outside the United States)' : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * The edge image download wizard (spec sections 2 and 4): stage 1 asks where the edge is deployed, stage 2
 * (not for the United States) takes the addresses, stage 3 lists the files. One page; the answers live here,
 * so Back keeps what was typed. Each stage change moves focus to the stage's heading, so a keyboard or
 * screen-reader user continues from the top of the new stage.
 */
export function DownloadWizard({ user }: { user: DownloadUser }) {
  const [stage, setStage] = useState<Stage>(0);
  const [inUnitedStates, setInUnitedStates] = useState<boolean | null>(null);
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [stage]);

  const answer = (yes: boolean) => {
    setInUnitedStates(yes);
    setStage(yes ? 2 : 1);
  };

  return (
    <>
      <Progress stage={stage} />
      <section aria-labelledby="download-stage" onPointerEnter={loadLaterStages} onFocus={loadLaterStages}>
        <h2 id="download-stage" ref={heading} tabIndex={-1} className={classes.stageHeading}>
          {STAGES[stage]}
        </h2>
        {stage === 0 ? <DeploymentQuestion answer={inUnitedStates} onAnswer={answer} /> : null}
        <Suspense
          fallback={
            <p role="status">
              <Loader size="sm" aria-hidden="true" /> Loading…
            </p>
          }
        >
          {stage === 1 ? (
            <AddressForm
              draft={address}
              onChange={setAddress}
              onBack={() => setStage(0)}
              onContinue={() => setStage(2)}
            />
          ) : null}
          {stage === 2 ? (
            <>
              <ImageTables user={user} destination={destinationOf(inUnitedStates === true, address)} />
              <Group gap="sm" mt="lg">
                <Button variant="outline" onClick={() => setStage(inUnitedStates ? 0 : 1)}>
                  Back
                </Button>
              </Group>
            </>
          ) : null}
        </Suspense>
      </section>
      <p className={classes.related}>
        Postman collections of the controller and CoPilot APIs are on the{' '}
        <AppLink href={paths.apiCollection.getHref()}>API Collection page</AppLink>.{' '}
        <AppLink href={paths.downloadProcess.getHref()}>How downloads work</AppLink>
        {user.readsRecords ? (
          <>
            {' · '}
            <AppLink href={paths.downloadRecords.getHref()}>Download records</AppLink>
          </>
        ) : null}
      </p>
    </>
  );
}
