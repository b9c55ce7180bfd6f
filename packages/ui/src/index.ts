export { formatPesosAmount } from '@app/contracts';
export { Alert, AlertDescription, AlertTitle } from './components/alert';
export { UserAvatar } from './components/avatar';
export { Badge, type BadgeProps } from './components/badge';
export { Button } from './components/button';
export { Card, CardContent, CardDescription, CardHeader, CardTitle } from './components/card';
export { CommissionRates } from './components/commission-rates';
export { ConversationScroller } from './components/conversation-scroller';
export { DateAndTime } from './components/date-and-time';
export { DeferredControl, type DeferredControlState } from './components/deferred-control';
export { type Description, DescriptionList, type DescriptionListLayout } from './components/description-list';
export {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './components/dialog';
export { DialogActions, DialogHeading } from './components/dialog-sections';
export { DocumentTitle } from './components/document-title';
export { DropdownMenuItem } from './components/dropdown-menu';
export { EmptyState } from './components/empty-state';
export { Field } from './components/field';
export { FormDialog } from './components/form-dialog';
export { FormError } from './components/form-error';
export { GateCard } from './components/gate-card';
export { Input, Textarea } from './components/input';
export { Label } from './components/label';
export { LoadError } from './components/load-error';
export { PageHeader } from './components/page-header';
export { Pager } from './components/pager';
export { PayoutDetailsField } from './components/payout-details-field';
export { Progress } from './components/progress';
export { SectionCard } from './components/section-card';
export { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './components/select';
export { SelectField } from './components/select-field';
export { Skeleton } from './components/skeleton';
export { StatCard } from './components/stat-card';
export { SubmitButton } from './components/submit-button';
export { Switch } from './components/switch';
export { SwitchField } from './components/switch-field';
export { ListTable, Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from './components/table';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs';
export { TextField } from './components/text-field';
export { Toaster } from './components/toaster';
export { dismissToast, type ToastOptions, toast } from './components/use-toast';
export { AppShell, ShellFrame } from './layout/app-shell';
export { BrandLink } from './layout/brand';
export { fullName } from './layout/full-name';
export { HeaderMenu } from './layout/header-menu';
export { BRAND_NAME, type NavItem } from './layout/links';
export { AppLink, NavigationProvider, useSignInHref } from './layout/navigation';
export { NewTabLink } from './layout/new-tab-link';
export { SIGN_IN_HREF, signInHref } from './layout/sign-in-href';
export { SignOutLink } from './layout/sign-out-link';
export { SiteFooter } from './layout/site-footer';
export { cn, prepareClassMerging } from './lib/cn';
export { whenIdle } from './lib/idle';
export { lazyExport } from './lib/lazy-export';
export { fillIn, UiTextProvider, useUiText } from './lib/ui-text';
export { useCopy } from './lib/use-copy';
export { ROOM_BESIDE_CONTENT, useMediaQuery } from './lib/use-media-query';
export { useZodForm } from './lib/use-zod-form';
export { LoadingScreen } from './screens/loading-screen';
export { NotFound } from './screens/not-found';
export { StandaloneCard } from './screens/standalone-card';
