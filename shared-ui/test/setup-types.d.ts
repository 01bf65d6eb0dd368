// Brings jest-dom's matchers (toBeInTheDocument, toHaveAttribute, …) into the type checker;
// jest.config.js loads the same module at run time.
import '@testing-library/jest-dom';
