'use client';

import dynamic from 'next/dynamic';
import type { WizardData } from '@/components/application/application-wizard';

// The wizard's code is fetched only when a visitor opens it, so the home page stays light.
const ApplicationWizard = dynamic(() => import('@/components/application/application-wizard'));

export function WizardLoader(props: WizardData) {
  return <ApplicationWizard {...props} />;
}
