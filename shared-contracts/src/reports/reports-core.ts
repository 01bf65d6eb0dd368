// The reports, their filters and their archives.
export * from './report-kind';
export * from './family-needs';
export * from './services-report';
export * from './financial-services-report';
export * from './survey-report';
export * from './seminar-report';
export * from './medical-report';
export * from './report-archives';
