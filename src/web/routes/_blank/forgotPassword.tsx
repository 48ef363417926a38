import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../../features/auth/ForgotPasswordForm';

export const Route = createFileRoute('/_blank/forgotPassword')({ component: ForgotPasswordForm });
