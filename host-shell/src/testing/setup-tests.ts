// jest-dom matchers for every host test; also brings their types into the tsc program.
import '@testing-library/jest-dom';
