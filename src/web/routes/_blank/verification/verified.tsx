import { createFileRoute } from '@tanstack/react-router';
import { Verified } from '../../../features/auth/VerificationScreens';

export const Route = createFileRoute('/_blank/verification/verified')({ component: Verified });
