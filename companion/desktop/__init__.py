"""The desktop stands in for the table: typed lines for the hardware, and `companion demo`,
a whole game played by automated players through the simulated devices."""
