import { createFileRoute } from '@tanstack/react-router';
import { VerificationPending } from '../../../features/auth/VerificationScreens';

export const Route = createFileRoute('/_blank/verification/')({ component: VerificationPending });
