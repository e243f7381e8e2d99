import { Badge } from '@chakra-ui/react';
import { orderStatusLabel, type OrderStatus } from '@/features/ordering/model';

// One colour per step, so the seller can scan a long list: warm while waiting, green when delivered.
const statusColor: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  preparing: 'purple',
  delivering: 'cyan',
  delivered: 'green',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge colorPalette={statusColor[status]} variant="subtle" size="md">
      {orderStatusLabel(status)}
    </Badge>
  );
}
