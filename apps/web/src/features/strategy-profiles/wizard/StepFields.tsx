import type { WizardStepKey } from '@console/contracts';
import type { WizardForm } from './fields';
import { KeyParametersStep } from './KeyParametersStep';
import { OrderManagementStep } from './OrderManagementStep';
import { DeviationStep, IndicationsStep, MonitoringStep, SingleCasesStep } from './OtherSteps';
import { ProfileStep } from './ProfileStep';

/** The form of one step; the wizard and the detail page's block editors draw the same one. */
export function StepFields({ step, form, tickerListsReadable }: { step: WizardStepKey; form: WizardForm; tickerListsReadable: boolean }) {
  switch (step) {
    case 'profile':
      return <ProfileStep form={form} tickerListsReadable={tickerListsReadable} />;
    case 'signal':
      return <KeyParametersStep form={form} />;
    case 'orders':
      return <OrderManagementStep form={form} />;
    case 'indications':
      return <IndicationsStep form={form} />;
    case 'deviation':
      return <DeviationStep form={form} />;
    case 'monitoring':
      return <MonitoringStep form={form} />;
    case 'singleCases':
      return <SingleCasesStep form={form} />;
    default:
      return null;
  }
}
