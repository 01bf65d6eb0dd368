// The one public entry of shared-ui (README "Exports" is the contract). Shared at run time as a
// federation singleton, so the theme and the toast store are one instance across the page.

// Brings the DefaultTheme augmentation to every package that imports shared-ui (type only).
import type {} from './styled';

// Theme and global styles
export { lightTheme, darkTheme, themes } from './theme/tokens';
export type { AppTheme, AppColours, BadgeTone, ColourPair } from './theme/tokens';
export { GlobalStyle } from './theme/global-style';
export { contrastRatio, relativeLuminance } from './theme/contrast';

// Feedback and layout
export { Spinner, type SpinnerProps } from './feedback/spinner';
export {
  LoadingState,
  DEFAULT_LOADING_LABEL,
  type LoadingStateProps,
} from './feedback/loading-state';
export { FullPageLoading, type FullPageLoadingProps } from './feedback/full-page-loading';
export { EmptyState, type EmptyStateProps } from './feedback/empty-state';
export {
  ErrorState,
  DEFAULT_ERROR_TITLE,
  DEFAULT_RETRY_LABEL,
  type ErrorStateProps,
} from './feedback/error-state';
export {
  UnderConstruction,
  UNDER_CONSTRUCTION_TITLE,
  underConstructionMessage,
  type UnderConstructionProps,
} from './feedback/under-construction';
export { VisuallyHidden, visuallyHiddenStyles } from './feedback/visually-hidden';
export { Card } from './layout/card';
export { PageHeader, type PageHeaderProps } from './layout/page-header';
export { declaredPageHeader, pageHeader, pageTitle, type PageHeading } from './layout/page-title';
export { PageFade } from './layout/page-fade';
export { Muted, RepeaterRow, Row, SectionTitle, Stack, SubTitle } from './layout/page-layout';
export {
  Notice,
  FormErrorSummary,
  type NoticeProps,
  type NoticeTone,
  type FormErrorSummaryProps,
} from './feedback/notice';
export {
  QueryErrorState,
  LOAD_ERROR_TITLE,
  FORBIDDEN_TITLE,
  NOT_FOUND_DESCRIPTION,
  type QueryErrorStateProps,
} from './feedback/query-error-state';
export { QueryView, type QueryViewProps, type QueryViewQuery } from './feedback/query-view';
export {
  FilterBar,
  CLEAR_FILTERS_LABEL,
  FILTERS_TOGGLE_LABEL,
  FILTERS_ACTIVE_LABEL,
  MORE_FILTERS_LABEL,
  type FilterBarProps,
} from './layout/filter-bar';
export {
  ListPage,
  type ListPageProps,
  type ListPageQuery,
  type ListPageControls,
  type ListPageMeta,
} from './layout/list-page';

// Controls
export {
  Button,
  BUTTON_LOADING_LABEL,
  NEXT_ICON,
  PREVIOUS_ICON,
  type ButtonProps,
} from './controls/button';
export { buttonStyles, type ButtonVariant, type ButtonSize } from './controls/button-styles';
export { ButtonLink, type ButtonLinkProps } from './controls/button-link';
export { IconButton, type IconButtonProps } from './controls/icon-button';
export { Icon, type IconProps } from './controls/icon';
export { ICON_NAMES, type IconName, type ExtraIconName } from './controls/icon-paths';

// Form fields
export { TextField, type TextFieldProps } from './forms/text-field';
export {
  PasswordField,
  SHOW_PASSWORD_LABEL,
  HIDE_PASSWORD_LABEL,
  type PasswordFieldProps,
} from './forms/password-field';
export type { FieldCommonProps } from './forms/field-shell';
export { TextAreaField, type TextAreaFieldProps } from './forms/text-area-field';
export { NumberField, type NumberFieldProps } from './forms/number-field';
export {
  DateField,
  HIJRI_PREFIX,
  CALENDAR_SWITCH_LABEL,
  GREGORIAN_LABEL,
  HIJRI_LABEL,
  DATE_FORMAT_ERROR,
  DATE_PLACEHOLDERS,
  type DateFieldProps,
} from './forms/date-field';
export {
  TimeField,
  TIME_PERIODS,
  TIME_PERIOD_LABEL,
  TIME_PLACEHOLDER,
  TIME_FORMAT_ERROR,
  readTypedTime,
  formatTypedTime,
  type TimeFieldProps,
  type TimePeriod,
  type TypedTime,
} from './forms/time-field';
export {
  DateTimeField,
  DATE_PART_LABEL,
  TIME_PART_LABEL,
  type DateTimeFieldProps,
} from './forms/date-time-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './forms/select-field';
export {
  namedOptions,
  namedOptionsWith,
  employeeOptions,
  isolatedText,
  type EmployeeOption,
  idValue,
  idFromSelect,
  ACTIVE_OPTIONS,
  booleanValue,
  booleanFromSelect,
  codeOptions,
  optionalValue,
  type NamedRecord,
} from './forms/select-options';
export { LookupFormDialog, type LookupFormDialogProps } from './forms/lookup-form-dialog';
export { CheckboxField, type CheckboxFieldProps } from './forms/checkbox-field';
export { FormActions, FormGrid } from './forms/form-layout';
export { RadioField, type RadioFieldProps } from './forms/radio-field';
export { ChoiceGroup, type ChoiceGroupProps } from './forms/choice-group';
export {
  SearchField,
  SEARCH_DEBOUNCE_MS,
  DEFAULT_SEARCH_LABEL,
  type SearchFieldProps,
} from './forms/search-field';
export {
  applyServerErrors,
  errorAt,
  fieldNameOf,
  fieldPathOf,
  type ApplyServerErrorsOptions,
  type AppliedServerErrors,
} from './forms/server-errors';
export { bindFields, type BoundField } from './forms/bind-fields';
export {
  useRecordFormSave,
  INVALID_FORM_MESSAGE,
  type RecordFormSave,
  type RecordFormSaveOptions,
  type RecordFormSaved,
  type RecordFormConfirmation,
} from './forms/use-record-form-save';
export { RecordForm, type RecordFormProps } from './forms/record-form';
export { useSaveErrorHandler } from './forms/use-save-error-handler';
export {
  UnsavedChangesGuard,
  LEAVE_TITLE,
  LEAVE_MESSAGE,
  LEAVE_CONFIRM,
  LEAVE_CANCEL,
} from './forms/unsaved-changes-guard';

// Overlays
export { Dialog, DIALOG_CLOSE_LABEL, type DialogProps, type DialogSize } from './overlays/dialog';
export {
  ConfirmDialog,
  CONFIRM_BACK_LABEL,
  IRREVERSIBLE_NOTE,
  CONFIRM_CANCEL_LABEL,
  dismissLabelFor,
  type ConfirmDialogProps,
} from './overlays/confirm-dialog';
export {
  ReasonConfirmDialog,
  REASON_LABEL,
  REASON_HINT,
  type ReasonConfirmDialogProps,
} from './overlays/reason-confirm-dialog';
export {
  StatusActions,
  StatusChangeDialog,
  statusChangeBody,
  useStatusChangeFeedback,
  type StatusActionsProps,
  type StatusChangeMutation,
  type StatusChangeRequest,
} from './overlays/status-actions';
export {
  DropdownMenu,
  type DropdownMenuProps,
  type DropdownMenuItem,
} from './overlays/dropdown-menu';
export {
  Tooltip,
  TooltipProvider,
  TOOLTIP_DELAY_DURATION,
  TOOLTIP_SKIP_DELAY_DURATION,
  type TooltipProps,
  type TooltipProviderProps,
  type TooltipSide,
} from './overlays/tooltip';

// Data
export {
  DataTable,
  DEFAULT_EMPTY_TITLE,
  ROW_DETAILS_LABEL,
  HIDE_ROW_DETAILS_LABEL,
  CARD_SORT_LABEL,
  DETAILS_COLUMN_LABEL,
  type ColumnPriority,
  type DataTableProps,
  type DataTableColumn,
  type SortState,
  type SortOrder,
} from './data/data-table';
export { TableScroll, tableScrollStyles, type TableScrollProps } from './data/table-scroll';
export { SELECT_PAGE_LABEL, SELECT_ROW_LABEL } from './data/data-table';
export {
  useTableSelection,
  listFilterParams,
  selectionRequest,
  type TableSelection,
} from './data/table-selection';
export {
  SelectionBar,
  selectedCountText,
  selectAllMatchingLabel,
  CLEAR_SELECTION_LABEL,
  SELECTION_BAR_LABEL,
  SELECTION_HINT,
  SELECT_ALL_MATCHING_TITLE,
  type SelectionAction,
  type SelectionBarProps,
} from './data/selection-bar';
export {
  BulkActionDialog,
  bulkProgressText,
  type BulkActionDialogProps,
} from './overlays/bulk-action-dialog';
export {
  Pagination,
  pageWindow,
  PREVIOUS_LABEL,
  NEXT_LABEL,
  type PaginationProps,
} from './data/pagination';
export { Badge, type BadgeProps } from './data/badge';
export { StatusBadge, type StatusBadgeProps, type CodedChoice } from './data/status-badge';
export { resourcePages, type ResourcePageFile } from './pages/resource-pages';
export { Stepper, type StepperProps } from './data/stepper';
export {
  DescriptionList,
  type DescriptionListProps,
  type DescriptionItem,
  type DescriptionListLayout,
} from './data/description-list';
export {
  PageSizeField,
  PAGE_SIZE_OPTIONS,
  PAGE_SIZE_LABEL,
  type PageSizeFieldProps,
} from './data/page-size-field';
export {
  Timeline,
  TIMELINE_SYSTEM_ACTOR,
  type TimelineProps,
  type TimelineEntry,
} from './data/timeline';
export {
  SearchPicker,
  PICK_LABEL,
  PICKED_LABEL,
  PICKER_MIN_LENGTH,
  PICKER_SEARCH_FAILED,
  type SearchPickerProps,
} from './data/search-picker';

// Toasts
export {
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_DEFAULT_DURATION,
  TOAST_SWIPE_THRESHOLD,
  TOAST_HOTKEY,
  TOAST_REGION_LABEL,
  TOAST_CLOSE_LABEL,
} from './toast/constants';
export {
  createToastStore,
  type ToastStore,
  type ToastOptions,
  type ToastRecord,
  type ToastAction,
  type ToastVariant,
} from './toast/toast-store';
export { ToastProvider, type ToastProviderProps } from './toast/toast-provider';
export { useToast, type UseToastResult } from './toast/toast-context';

// Formatting
export {
  formatNumber,
  formatCurrency,
  formatDate,
  formatHijri,
  formatDateDual,
  formatDateTime,
  stripBidiMarks,
  EMPTY_VALUE,
  TIME_ZONE,
  type NumberInput,
  type DateInput,
} from './format/format';
export { LtrText, type LtrTextProps } from './format/ltr-text';
export {
  Identifier,
  PhoneNumber,
  NationalId,
  FileName,
  FileNumber,
  Iban,
  Money,
  type IdentifierKind,
  type IdentifierProps,
  type MoneyProps,
} from './format/identifier';
export { IdentifiedText } from './format/identified-text';

// Front-end plumbing (what every remote needs besides components; README "Plumbing")
export { ApiClientProvider, useApiClient, type ApiClientProviderProps } from './api/api-client';
export {
  useCurrentEmployee,
  useCan,
  useIsSuperAdmin,
  setCurrentEmployee,
  type CurrentEmployee,
} from './api/use-current-employee';
export { Slot, SLOT_PANEL_RETRY_LABEL, slotPanelFailedText } from './slots/slot';
export { SlotLoaderProvider, type SlotLoader, type SlotPanelRequest } from './slots/slot-loader';
export {
  useEndpointQuery,
  useEndpointCall,
  useInvalidateEndpoints,
  type InvalidationTarget,
  useCanCall,
} from './api/use-endpoint';
export {
  useCanVisit,
  PageButtonLink,
  PageLink,
  type PageButtonLinkProps,
  type PageLinkProps,
} from './api/use-can-visit';
export { AppLinkProvider, useFollowAppLink, type FollowAppLink } from './api/app-links';
export { RecordFromRoute, type RecordFromRouteProps } from './feedback/record-from-route';
export { useSchemaForm, type FormSchema, type SchemaFormReturn } from './forms/use-schema-form';
export { downloadFile, saveBlob, exportFileName, EXPORT_TIMEOUT_MS } from './api/download';
export { useExport } from './api/use-export';
export { ExportButton } from './api/export-button';
// Reports: their sections, tables, A4 print layout and month labels (finance and mf-reports)
export { ReportTable, type ReportColumn } from './report/report-table';
export {
  PRINT_ROOT,
  REPORT_ORGANISATION_NAME,
  ReportPrintStyles,
  ReportPrintHeader,
  archivedMark,
} from './report/report-print';
export { monthLabel } from './report/month-label';
export { ReportFigures, Figure } from './report/report-figures';
export { ReportSection } from './report/report-section';
export {
  useListUrlState,
  isSortable,
  firstCode,
  codesFromSelect,
  type ListUrlState,
  type ListQueryDefinition,
  type ListFilterValues,
  type ListFilterShape,
} from './list/use-list-url-state';
export {
  LookupListPage,
  ActiveBadge,
  ActiveFilter,
  type LookupRow,
  type LookupActions,
  type LookupListPageProps,
} from './list/lookup-list-page';
export {
  ListFilterBar,
  FilterSelects,
  type ListFilterBarProps,
  type FilterSelectsProps,
  type FilterSelectSpec,
  type CodesFilterName,
} from './list/list-filters';
export { useDebouncedCallback, type DebouncedCallback } from './hooks/use-debounced-callback';
export { useDebouncedValue } from './hooks/use-debounced-value';
export {
  useViewportTier,
  visiblePriority,
  VIEWPORT_BREAKPOINTS,
  type ViewportTier,
} from './hooks/use-viewport';

// Development only: a remote's standalone page (src/bootstrap.tsx of each mf-*)
export { mountRemoteStandalone, type RemoteStandaloneOptions } from './dev/remote-standalone-app';

// Documents: the panel of a family's, a service's or a financial record's files (docs/documents.md)
export {
  DocumentsPanel,
  DOCUMENTS_EMPTY,
  DELETED_LABEL,
  type DocumentsPanelProps,
} from './documents/documents-panel';
export type { DocumentMemberOption } from './documents/document-upload';
export {
  formatFileSize,
  expiryStateOf,
  expiryLabel,
  documentKindsFor,
  EXPIRY_WARNING_DAYS,
  type ExpiryState,
} from './documents/document-values';
