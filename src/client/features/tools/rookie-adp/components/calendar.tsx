import { type DateRange, DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';

// The calendar in the site's greens (react-day-picker reads these variables).
const calendarColours = {
  '--rdp-accent-color': '#1a6650',
  '--rdp-accent-background-color': '#e3f1ea',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
} as React.CSSProperties;

/** The month grid of the draft date range picker; dates after today cannot be chosen. */
export default function Calendar(props: {
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
  month: Date | undefined;
  onMonthChange: (month: Date) => void;
}) {
  return (
    <DayPicker
      style={calendarColours}
      mode="range"
      selected={props.selected}
      onSelect={props.onSelect}
      month={props.month}
      onMonthChange={props.onMonthChange}
      disabled={{ after: new Date() }}
      showOutsideDays
    />
  );
}
