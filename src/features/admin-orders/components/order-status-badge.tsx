import { Badge } from '@chakra-ui/react';
import { ORDER_STATUS_PALETTE, orderStatusLabel, type OrderStatus } from '@/features/ordering/model';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge colorPalette={ORDER_STATUS_PALETTE[status]} variant="subtle" size="md">
      {orderStatusLabel(status)}
    </Badge>
  );
}
