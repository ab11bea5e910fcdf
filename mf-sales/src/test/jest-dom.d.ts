// Types of the jest-dom matchers the shared jest setup installs (toBeInTheDocument, toHaveValue, ...).
import '@testing-library/jest-dom';
