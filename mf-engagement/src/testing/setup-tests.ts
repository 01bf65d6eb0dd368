// jest-dom matchers for every test of this remote; also brings their types into the tsc program.
import '@testing-library/jest-dom';

afterEach(() => {
  window.localStorage.clear();
});
